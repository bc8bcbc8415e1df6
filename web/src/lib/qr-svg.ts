import { create } from "qrcode";

/**
 * A QR code as one SVG path, drawn synchronously from the qrcode package's module matrix: a sheet of
 * 30 cards is on screen (and ready to print) in the same render, with no images or inline styles for
 * the Content-Security-Policy to weigh. One unit per module, with the 4-module quiet zone scanners want.
 */
export const QR_QUIET_ZONE = 4;

export function qrSvgPath(text: string): { size: number; path: string } {
  const { modules } = create(text, { errorCorrectionLevel: "M" });
  let path = "";
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) path += `M${col + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { size: modules.size + 2 * QR_QUIET_ZONE, path };
}
