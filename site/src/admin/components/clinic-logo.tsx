// The clinic's logo (site/public/images/logo.svg) inline, so the admin carries it in the desktop app too.
export function ClinicLogo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 100 100" aria-hidden="true" focusable="false">
      <rect width="100" height="100" rx="24" fill="#0f766e" />
      <g transform="translate(9 8) scale(0.82)">
        <path
          d="M31 16C39 12 45 16 50 19C55 16 61 12 69 16C82 22 85 38 80 51C76 61 74 70 72 81C70 90 62 91 59 83C57 76 55 66 50 66C45 66 43 76 41 83C38 91 30 90 28 81C26 70 24 61 20 51C15 38 18 22 31 16Z"
          fill="#ffffff"
        />
        <path d="M33 27C38 24 43 26 46 28" stroke="#99f6e4" strokeWidth="4.5" strokeLinecap="round" fill="none" />
      </g>
    </svg>
  );
}
