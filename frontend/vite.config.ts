import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Builds the SPA into `dist/`; every area is a lazy chunk so the sign-in page stays small. */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, sourcemap: false, chunkSizeWarningLimit: 800 },
  server: { proxy: { '/api': 'http://localhost:8080', '/config.json': 'http://localhost:8080', '/cognito': 'http://localhost:8080' } },
});
