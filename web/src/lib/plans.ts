import { FREE_TIER_SHOW_LIMIT, type SubscriptionTier } from "../../../contracts/product.ts";

/** A plan as the pricing page shows it. Payment is not available yet. */
export interface Plan {
  tier: SubscriptionTier;
  name: string;
  price: string;
  /** What the price is per, read after it: "per user per month". */
  priceUnit: string;
  description: string;
  features: readonly string[];
  /** Highlighted as the usual choice for a group. */
  featured?: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    tier: "free",
    name: "Free",
    price: "$0",
    priceUnit: "forever",
    description: "Everything a camper needs to tell their summer story.",
    features: [`Up to ${FREE_TIER_SHOW_LIMIT} shows`, "AI narration script", "Record video clips", "AI voice narration"],
  },
  {
    tier: "corporate",
    name: "Corporate",
    price: "$19",
    priceUnit: "per user per month",
    description: "For teams that share stories all year round.",
    features: ["Unlimited shows", "HD export", "Priority support", "Advanced AI analysis"],
    featured: true,
  },
  {
    tier: "events",
    name: "Events",
    price: "$5,000",
    priceUnit: "per event day",
    description: "For camps and events recording many sessions in a day.",
    features: [
      "Up to 10 sessions a day",
      "$500 per extra session",
      "Dedicated support",
      "Custom branding",
      "Enterprise security",
    ],
  },
];

export function planName(tier: SubscriptionTier): string {
  return PLANS.find((plan) => plan.tier === tier)?.name ?? tier;
}
