import { useEffect, useState } from "react";

/**
 * The link as a QR code (an SVG made in the browser by the qrcode package), for the printed card. The
 * package (8.7 KB) is fetched only when a code is drawn, so the show pages do not carry it on a first
 * visit (decision 029a); the placeholder square holds the code's place meanwhile.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import("qrcode")
      .then(({ default: QRCode }) => QRCode.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M" }))
      .then(
        (made) => live && setSvg(made),
        () => live && setSvg(null),
      );
    return () => {
      live = false;
    };
  }, [text]);
  if (!svg) return <div className="size-40 bg-slate-100" aria-hidden="true" />;
  return <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={label} className="size-40" />;
}
