import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Files that look like media by their first bytes but are lists of other things to open: what a camper
 * could upload to make ffmpeg fetch URLs or read other files if it guessed the format from the content
 * (ffmpeg skips an ID3 tag before guessing). Used against every way media comes in.
 */

/** An ID3v2.4 tag with no frames: the first bytes of an MP3. */
const ID3 = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
/** The first bytes of a WebM (an EBML header's id), which the clip upload checks. */
const EBML = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** An HLS playlist of these segments: URLs of a server, or files on this one. */
function playlist(segments: readonly string[]): string {
  return ["#EXTM3U", "#EXT-X-TARGETDURATION:10", ...segments.flatMap((s) => ["#EXTINF:10,", s]), "#EXT-X-ENDLIST", ""].join("\n");
}

/** An ffconcat list of `file` (a name next to the list, which ffmpeg's safe mode allows). */
function concatList(file: string): string {
  return `ffconcat version 1.0\nfile ${file}\nfile ${file}\n`;
}

export const crafted = {
  hlsBehindId3: (...segments: string[]) => Buffer.concat([ID3, Buffer.from(playlist(segments))]),
  concatBehindId3: (file: string) => Buffer.concat([ID3, Buffer.from(concatList(file))]),
  hlsBehindEbml: (...segments: string[]) => Buffer.concat([EBML, Buffer.from(`\n${playlist(segments)}`)]),
  concatBehindEbml: (file: string) => Buffer.concat([EBML, Buffer.from(`\n${concatList(file)}`)]),
};

/** A local HTTP server that answers 404 and remembers every request it got: nothing may reach it. */
export async function listeningServer(): Promise<{ url: string; requests: string[]; close: () => Promise<void> }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
