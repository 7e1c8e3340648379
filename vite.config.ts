import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = `http://127.0.0.1:${process.env.PORT || 8080}`;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    // bench/ reads the manifest to know which chunks each screen loads.
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/uploads': { target: api, changeOrigin: false },
    },
  },
});
