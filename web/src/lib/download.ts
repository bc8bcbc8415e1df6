import { releaseObjectUrl } from "./object-url.ts";

/** Starts a browser download of a Blob under `fileName`, through a temporary link. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start reading the Blob before the URL goes away.
  releaseObjectUrl(url, 10_000);
}

/** Starts a browser download of `text` as a UTF-8 text file. */
export function downloadTextFile(fileName: string, text: string): void {
  downloadBlob(fileName, new Blob([text], { type: "text/plain;charset=utf-8" }));
}
