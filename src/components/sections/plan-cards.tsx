import React from "react";
import { Check } from "../icons/icons";
import * as styles from "./plan-cards.module.css";

export interface Plan {
  readonly name: string;
  readonly price: string;
  readonly period: string;
  readonly summary?: string | null;
  readonly features: readonly string[];
  readonly highlighted?: boolean | null;
}

/** A price as content writes it ("From $24,000", "$4,900"): the word before the amount, and the amount. */
export function splitPrice(price: string): { from: string | null; amount: string } {
  const match = /^(from)\s+(.+)$/i.exec(price.trim());
  return match ? { from: match[1], amount: match[2] } : { from: null, amount: price.trim() };
}

/**
 * Prices and what each plan or engagement model includes; `action` renders each card's button. Every card reads
 * its price the same way ("From" small before the amount, which never wraps; the period on its own line), and the
 * cards of a row share their rows (subgrid), so titles, prices, descriptions and lists line up across the row.
 */
export function PlanCards({ plans, action }: { plans: readonly Plan[]; action: (plan: Plan) => React.ReactNode }) {
  return (
    <ul className={styles.grid}>
      {plans.map((plan) => {
        const { from, amount } = splitPrice(plan.price);
        return (
          <li key={plan.name} className={plan.highlighted ? styles.highlighted : styles.card}>
            {plan.highlighted && <p className={styles.flag}>Most chosen</p>}
            <h3 className={styles.name}>{plan.name}</h3>
            <p className={styles.price}>
              {from && <span className={styles.from}>{from}</span>} <span className={styles.amount}>{amount}</span>{" "}
              <span className={styles.period}>{plan.period}</span>
            </p>
            <p className={styles.summary}>{plan.summary}</p>
            <ul className={styles.features}>
              {plan.features.map((f) => (
                <li key={f}>
                  <Check size={18} className={styles.check} />
                  <span>{f}</span>
                </li>
              ))}
            </ul>
            <div className={styles.action}>{action(plan)}</div>
          </li>
        );
      })}
    </ul>
  );
}
