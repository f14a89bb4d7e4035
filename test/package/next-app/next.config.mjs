// The consumer test's Next.js app. `turbopack.root` is set by the test (the installed packages may be symlinks
// to a folder outside the app).
const root = globalThis.process.env['EXKIT_TURBOPACK_ROOT'];
export default {
  ...(root ? { turbopack: { root } } : {}),
  // The test type-checks nothing here: the React consumer test checks the hooks' types with skipLibCheck off.
  typescript: { ignoreBuildErrors: true },
};
