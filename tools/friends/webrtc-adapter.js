// Stands in for `webrtc-adapter` in the vendored PeerJS (sitebuild/friends.py): PeerJS reads
// only `browserDetails` from it (its `util.supports.browser`). The browsers the site supports
// need none of the adapter's shims for data channels.
const ua = typeof navigator === "undefined" ? "" : navigator.userAgent;
const firefox = /Firefox\/(\d+)/.exec(ua);
const chrome = /Chrom(?:e|ium)\/(\d+)/.exec(ua);
const safari = /AppleWebKit\/(\d+)/.exec(ua);
const found = firefox ? ["firefox", firefox[1]] : chrome ? ["chrome", chrome[1]] : safari ? ["safari", safari[1]] : ["", "0"];
export default { browserDetails: { browser: found[0], version: Number(found[1]) } };
