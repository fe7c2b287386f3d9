import type { ThemeConfig } from 'antd';

// The clinic's teal (the emails' accent) and colours dark enough for WCAG AA text contrast (A11Y-4):
// antd's default description grey (45% black) and error red fall short on white.
export const adminTheme: ThemeConfig = {
  token: {
    colorPrimary: '#0f766e',
    colorLink: '#0f766e',
    colorError: '#c0262d',
    colorSuccess: '#15803d',
    colorWarning: '#b45309',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    borderRadius: 8,
    fontFamily:
      "'Noto Sans Devanagari', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', sans-serif",
  },
  components: {
    Layout: { bodyBg: '#f4f7f7', siderBg: '#ffffff', headerBg: '#ffffff' },
  },
};
