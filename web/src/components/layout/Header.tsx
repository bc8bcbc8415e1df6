import { Clapperboard, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { PRODUCT_NAME } from "../../../../contracts/product.ts";
import { useAuth } from "../../api/auth-context.tsx";
import { Button } from "../ui/button.tsx";
import { CampBanner } from "./CampBanner.tsx";

/**
 * Site header (the page's banner landmark, camp banner included, so nothing sits outside a landmark).
 * `actions` lets features add their own header controls (the AI chat toggle).
 */
export function Header({ actions }: { actions?: ReactNode }) {
  const { user } = useAuth();
  return (
    <header className="border-b border-slate-200 bg-white">
      <CampBanner />
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <Link href={user ? "/home" : "/"} className="flex min-h-11 items-center gap-2 rounded-md text-lg font-bold text-lake-900">
          <Clapperboard aria-hidden="true" className="size-6 text-brand-700" />
          {PRODUCT_NAME}
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1">
          <Button asChild variant="ghost" size="sm">
            <Link href="/home">Create</Link>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link href="/shows">My Shows</Link>
          </Button>
          {user && user.role !== "camper" && (
            <Button asChild variant="ghost" size="sm">
              <Link href="/staff">Review</Link>
            </Button>
          )}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {user && actions}
          {user && (
            <Button asChild variant="outline" size="sm">
              <Link href="/profile" aria-label={`Profile: ${user.username}`}>
                <UserRound aria-hidden="true" />
                <span className="max-w-[10rem] truncate">{user.username}</span>
              </Link>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
