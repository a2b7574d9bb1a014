import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

/**
 * PrimeReact's Lara indigo theme, one shade darker: its primary #6366F1 gives white text 4.46:1 (WCAG AA asks 4.5:1 for
 * a button's label), so every use of it becomes indigo-600 #4F46E5 (6.3:1) and its hover, indigo-600, indigo-700
 * #4338CA. The theme stays the library's own file; only its colours are swapped as it is bundled.
 */
const contrastTheme = (): Plugin => ({
  name: 'attain-contrast-theme',
  enforce: 'pre',
  transform(code, id) {
    if (!id.includes('lara-light-indigo/theme.css')) return null;
    return code.replace(/#4F46E5/gi, '#4338CA').replace(/#6366F1/gi, '#4F46E5');
  },
});

/** Builds the SPA into `dist/`; every area is a lazy chunk so the sign-in page stays small. */
export default defineConfig({
  plugins: [react(), contrastTheme()],
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, sourcemap: false, chunkSizeWarningLimit: 800 },
  server: { proxy: { '/api': 'http://localhost:8080', '/config.json': 'http://localhost:8080', '/cognito': 'http://localhost:8080' } },
});
