// The vendored PeerJS's entry point (sitebuild/friends.py bundles it with esbuild): the Peer
// class alone.
export { Peer } from "peerjs";
