// Vite's `?raw` import: the file's text, built into the bundle (desktop/release-keys.pem, DESK-9).
declare module '*.pem?raw' {
  const text: string;
  export default text;
}
