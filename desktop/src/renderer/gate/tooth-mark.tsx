/** The app's tooth mark (the same drawing as the app icon, desktop/build/icon.svg). */
export function ToothMark({ size = 56 }: { size?: number }) {
  return <img className="gate-mark" src="./icon.svg" width={size} height={size} alt="" />;
}
