import { Link } from "wouter";
import { PRODUCT_NAME } from "../../../../contracts/product.ts";

const APP_LINKS = [
  { href: "/home", label: "Create a story" },
  { href: "/shows", label: "My Shows" },
  { href: "/pricing", label: "Plans" },
];
const LEGAL_LINKS = [
  { href: "/privacy", label: "Privacy" },
  { href: "/terms", label: "Terms" },
  { href: "/cookies", label: "Cookies" },
];

function FooterLinks({ links }: { links: readonly { href: string; label: string }[] }) {
  return (
    <ul className="mt-2 grid">
      {links.map((link) => (
        <li key={link.href}>
          <Link className="inline-flex min-h-11 min-w-11 items-center text-lake-700 underline-offset-4 hover:underline" href={link.href}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function Footer() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 text-sm sm:grid-cols-3">
        <div>
          <h2 className="font-semibold text-slate-900">{PRODUCT_NAME}</h2>
          <FooterLinks links={APP_LINKS} />
        </div>
        <div>
          <h2 className="font-semibold text-slate-900">Legal</h2>
          <FooterLinks links={LEGAL_LINKS} />
        </div>
        <div>
          <h2 className="font-semibold text-slate-900">Contact</h2>
          <p className="mt-2 text-slate-700">
            Questions, or want your data deleted? Ask your camp leader or the camp office. Parents and guardians can ask
            too.
          </p>
        </div>
      </div>
    </footer>
  );
}
