import { mergeConfig } from 'vite';
import base from './vite.config';

/**
 * The server's build of the app (`vite build --ssr`, issue 35): one module, `dist-ssr/entry-server.js`,
 * that the server's web-app plugin imports to render pages. Every dependency is bundled in, so the
 * server needs nothing of the web app's node_modules at run time.
 */
export default mergeConfig(base, {
  build: {
    ssr: 'src/app/entry-server.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    sourcemap: true,
    copyPublicDir: false,
  },
  ssr: { noExternal: true, target: 'node' },
  // React's production build (no development checks or component stacks in the HTML).
  define: { 'process.env.NODE_ENV': JSON.stringify(process.env.SSR_DEV ? 'development' : 'production') },
});
