import { Link } from "wouter";
import { PRODUCT_NAME } from "../../../../contracts/product.ts";

export function Footer() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 text-sm sm:grid-cols-3">
        <div>
          <h2 className="font-semibold text-slate-900">{PRODUCT_NAME}</h2>
          <ul className="mt-2 grid gap-1">
            <li><Link className="text-lake-700 hover:underline" href="/home">Create a story</Link></li>
            <li><Link className="text-lake-700 hover:underline" href="/shows">My Shows</Link></li>
            <li><Link className="text-lake-700 hover:underline" href="/pricing">Plans</Link></li>
          </ul>
        </div>
        <div>
          <h2 className="font-semibold text-slate-900">Legal</h2>
          <ul className="mt-2 grid gap-1">
            <li><Link className="text-lake-700 hover:underline" href="/privacy">Privacy</Link></li>
            <li><Link className="text-lake-700 hover:underline" href="/terms">Terms</Link></li>
            <li><Link className="text-lake-700 hover:underline" href="/cookies">Cookies</Link></li>
          </ul>
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
