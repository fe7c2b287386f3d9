import toothIcon from '../../../build/icon.svg';

/** The app's tooth mark: the app icon's drawing (desktop/build/icon.svg), inlined by Vite as a data: URL. */
export function ToothMark({ size = 56 }: { size?: number }) {
  return <img className="gate-mark" src={toothIcon} width={size} height={size} alt="" />;
}
