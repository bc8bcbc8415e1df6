import { useEffect } from "react";

/**
 * react-style-singleton's API, for react-remove-scroll (the scroll lock of Radix dialogs), with the
 * styles in a constructed stylesheet instead of a `<style>` element: the app's Content-Security-Policy
 * allows no inline `<style>` it has not hashed, and these styles change with the scrollbar's width.
 * A constructed stylesheet goes through the CSSOM, which the policy does not govern. vite.config.ts
 * points the package's name here.
 */
interface Attached {
  detach(): void;
}

function attach(css: string): Attached | null {
  if (typeof document === "undefined") return null;
  if ("adoptedStyleSheets" in document && typeof CSSStyleSheet !== "undefined" && "replaceSync" in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return { detach: () => (document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet)) };
  }
  // Browsers before constructed stylesheets (Safari before 16.4): the element the package made, which
  // the policy then refuses; the dialog still works, only the page behind it can scroll.
  const element = document.createElement("style");
  element.appendChild(document.createTextNode(css));
  document.head.appendChild(element);
  return { detach: () => element.remove() };
}

/** Styles added while at least one user holds them, removed when the last lets go. */
export function stylesheetSingleton() {
  let users = 0;
  let attached: Attached | null = null;
  return {
    add(css: string) {
      if (users === 0) attached = attach(css);
      users++;
    },
    remove() {
      users--;
      if (users === 0 && attached) {
        attached.detach();
        attached = null;
      }
    },
  };
}

export function styleHookSingleton() {
  const sheet = stylesheetSingleton();
  return (styles: string, isDynamic?: boolean) => {
    useEffect(() => {
      sheet.add(styles);
      return () => sheet.remove();
      // As the package does: static styles are added once; dynamic ones again when they change.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [styles && isDynamic]);
  };
}

export function styleSingleton() {
  const useStyle = styleHookSingleton();
  return function Sheet({ styles, dynamic }: { styles: string; dynamic?: boolean }) {
    useStyle(styles, dynamic);
    return null;
  };
}
