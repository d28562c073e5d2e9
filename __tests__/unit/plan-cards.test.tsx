import React from "react";
import { render, screen } from "@testing-library/react";
import { PlanCards, splitPrice } from "../../src/components/sections/plan-cards";

describe("plan cards read every price the same way", () => {
  it("splits a price into the word before it and the amount", () => {
    expect(splitPrice("From $24,000")).toEqual({ from: "From", amount: "$24,000" });
    expect(splitPrice("$4,900")).toEqual({ from: null, amount: "$4,900" });
    expect(splitPrice(" from  €1.200 ")).toEqual({ from: "from", amount: "€1.200" });
  });

  it("shows the amount whole, with its period beside it, in every card", () => {
    render(
      <PlanCards
        plans={[
          { name: "A", price: "$4,900", period: "fixed fee", features: ["x"] },
          { name: "B", price: "From $24,000", period: "per project", features: ["y"], highlighted: true },
        ]}
        action={() => null}
      />,
    );
    expect(screen.getByText("$24,000").previousElementSibling?.textContent).toBe("From");
    expect(screen.getByText("$24,000").nextElementSibling?.textContent).toBe("per project");
    expect(screen.getByText("$4,900").nextElementSibling?.textContent).toBe("fixed fee");
    expect(screen.getByText("Most chosen")).toBeInTheDocument();
  });
});
