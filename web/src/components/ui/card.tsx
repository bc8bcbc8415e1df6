import type { HTMLAttributes } from "react";
import { cn } from "../../lib/utils.ts";

/**
 * A card. `as="section"` makes it a real section (a region landmark once it is named by its
 * heading with aria-labelledby); a plain div with aria-labelledby is ignored by assistive technology.
 */
export function Card({ className, as: Tag = "div", ...props }: HTMLAttributes<HTMLElement> & { as?: "div" | "section" | "article" }) {
  return <Tag className={cn("rounded-xl border border-slate-200 bg-white shadow-sm", className)} {...props} />;
}
export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("flex flex-col gap-1.5 p-6", className)} {...props} />;
}
export function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={cn("text-xl font-semibold leading-tight", className)} {...props} />;
}
export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn("text-sm text-slate-600", className)} {...props} />;
}
export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("p-6 pt-0", className)} {...props} />;
}
export function CardFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("flex items-center p-6 pt-0", className)} {...props} />;
}
