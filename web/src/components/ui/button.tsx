import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import type { ButtonHTMLAttributes, MouseEvent } from "react";
import { cn } from "../../lib/utils.ts";

/*
 * Disabled and busy buttons keep readable text (axe exempts them; here still about 7:1) instead of fading the
 * whole button to half opacity.
 */
const unavailable =
  "disabled:cursor-not-allowed disabled:border-slate-300 disabled:bg-slate-200 disabled:text-slate-600 disabled:shadow-none " +
  "aria-disabled:cursor-not-allowed aria-disabled:border-slate-300 aria-disabled:bg-slate-200 aria-disabled:text-slate-600 aria-disabled:shadow-none";

const buttonVariants = cva(
  `inline-flex min-w-11 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-semibold transition-colors ${unavailable} [&_svg]:size-4 [&_svg]:shrink-0`,
  {
    variants: {
      variant: {
        default: "bg-brand-700 text-white hover:bg-brand-800",
        secondary: "bg-lake-700 text-white hover:bg-lake-900",
        outline: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-100",
        ghost: "text-slate-700 hover:bg-slate-100",
        destructive: "bg-red-800 text-white hover:bg-red-900",
        link: "text-lake-700 underline-offset-4 hover:underline",
      },
      size: {
        // Every size is a 44 px touch target at least (WCAG 2.5.5, shared tablets; decision 027e):
        // "sm" is smaller type and padding, never a smaller target.
        default: "min-h-11 px-4 py-2",
        sm: "min-h-11 px-3",
        lg: "min-h-12 px-6 text-base",
        icon: "size-11",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, VariantProps<typeof buttonVariants> {
  /** Render the child element (a link, say) with the button's look. */
  asChild?: boolean;
  /**
   * Work started by this button is running. The button stays focusable (aria-disabled, never the
   * `disabled` attribute, which would drop keyboard focus to <body>) and says it is busy; presses
   * do nothing until the work ends.
   */
  busy?: boolean;
  /**
   * Unavailable but still focusable, for a control the camper may be standing on when it becomes
   * unavailable (a Send button while the answer streams in).
   */
  softDisabled?: boolean;
}

export function Button({
  className,
  variant,
  size,
  asChild = false,
  type,
  busy = false,
  softDisabled = false,
  onClick,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot : "button";
  const inert = busy || softDisabled;
  const guardedClick = inert
    ? (event: MouseEvent<HTMLButtonElement>) => {
        // Also stops a submit button from submitting its form.
        event.preventDefault();
      }
    : onClick;
  return (
    <Comp
      className={cn(buttonVariants({ variant, size }), className)}
      {...(asChild ? {} : { type: type ?? "button" })}
      {...(inert ? { "aria-disabled": true } : {})}
      {...(busy ? { "aria-busy": true } : {})}
      onClick={guardedClick}
      {...props}
    />
  );
}
