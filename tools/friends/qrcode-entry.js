// The vendored qrcode-generator's entry point (sitebuild/friends.py bundles it with esbuild, as
// one minified ES module): the `qrcode` factory alone, for ui/web/invite.js.
export { qrcode } from "qrcode-generator";
