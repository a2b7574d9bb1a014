import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

/**
 * PrimeReact's Lara indigo theme, darker where its text would be hard to read (WCAG AA asks 4.5:1):
 * - its primary #6366F1 gives white text 4.46:1, so every use becomes indigo-600 #4F46E5 (6.3:1) and its hover,
 *   indigo-600, indigo-700 #4338CA;
 * - its severities (the green "Delivered" or "Open" tag, the red text of a "Remove" button, info and warning) are the
 *   500 shades, white on them or them on white 2.3-3.8:1; each becomes its 700 shade (5.0-6.5:1), and the 600 and 700
 *   shades of their hover and pressed states move down two steps with them.
 * The theme stays the library's own file; only its colours are swapped as it is bundled, in one pass.
 */
const DARKER: Readonly<Record<string, string>> = {
  '#6366f1': '#4F46E5',
  '#4f46e5': '#4338CA',
  // green, sky, orange, red: 500 -> 700, 600 -> 800, 700 -> 900
  '#22c55e': '#15803D',
  '#16a34a': '#166534',
  '#15803d': '#14532D',
  '#0ea5e9': '#0369A1',
  '#0284c7': '#075985',
  '#0369a1': '#0C4A6E',
  '#f97316': '#C2410C',
  '#ea580c': '#9A3412',
  '#c2410c': '#7C2D12',
  '#ef4444': '#B91C1C',
  '#dc2626': '#991B1B',
  '#b91c1c': '#7F1D1D',
};
const contrastTheme = (): Plugin => ({
  name: 'attain-contrast-theme',
  enforce: 'pre',
  transform(code, id) {
    if (!id.includes('lara-light-indigo/theme.css')) return null;
    return code.replace(/#[0-9a-f]{6}\b/gi, (hex) => DARKER[hex.toLowerCase()] ?? hex);
  },
});

/** Builds the SPA into `dist/`; every area is a lazy chunk so the sign-in page stays small. */
export default defineConfig({
  plugins: [react(), contrastTheme()],
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, sourcemap: false, chunkSizeWarningLimit: 800 },
  server: { proxy: { '/api': 'http://localhost:8080', '/config.json': 'http://localhost:8080', '/cognito': 'http://localhost:8080' } },
});
