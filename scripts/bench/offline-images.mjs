// Loaded into a peer's build (`npm run bench -- --peer DIR`, with node --import): a fetch of any host but this one
// answers with a grey 1600 × 1067 JPEG, so the build gives the same output with a network or without one. AstroWind's
// build fetches its Unsplash pictures to learn their sizes, and stops without them here (no network); the bench blocks
// third parties in every measurement anyway, so those pictures are never loaded, on the peer's pages or on ours.
import sharp from "sharp";

const realFetch = globalThis.fetch;
const picture = await sharp({ create: { width: 1600, height: 1067, channels: 3, background: "#8899aa" } })
  .jpeg()
  .toBuffer();

globalThis.fetch = async (input, init) => {
  const url = String(input?.url ?? input);
  if (/^https?:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) return realFetch(input, init);
  return new globalThis.Response(picture, { status: 200, headers: { "content-type": "image/jpeg" } });
};
