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

/** Prices and what each plan or engagement model includes; `action` renders each card's button. */
export function PlanCards({ plans, action }: { plans: readonly Plan[]; action: (plan: Plan) => React.ReactNode }) {
  return (
    <ul className={styles.grid}>
      {plans.map((plan) => (
        <li key={plan.name} className={plan.highlighted ? styles.highlighted : styles.card}>
          {plan.highlighted && <p className={styles.flag}>Most chosen</p>}
          <h3 className={styles.name}>{plan.name}</h3>
          <p className={styles.price}>
            <span className={styles.amount}>{plan.price}</span> <span className={styles.period}>{plan.period}</span>
          </p>
          {plan.summary && <p className={styles.summary}>{plan.summary}</p>}
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
      ))}
    </ul>
  );
}
