import navigation from "../../content/navigation.json";
import { buildMenu, isCurrentSection, type MenuItem } from "../../src/lib/menu";
import { menuSections, SERVICE_GROUPS } from "../support/spec-routes";

const services = [
  { title: "Agentforce", path: "/services/agentforce", group: "AI and ML" },
  { title: "Zoho CRM", path: "/services/zoho-crm-implementation-services", group: "CRM" },
];
const menu = buildMenu(navigation as MenuItem[], services);
const item = (name: string) => menu.find((i) => i.name === name)!;

describe("buildMenu", () => {
  it("fills each Services group with the services that name it", () => {
    const groups = item("Services").sub!;
    expect(groups.map((g) => g.name)).toEqual(SERVICE_GROUPS);
    expect(groups.find((g) => g.name === "AI and ML")!.inside).toEqual([
      { name: "Agentforce", path: "/services/agentforce" },
    ]);
    expect(groups.find((g) => g.name === "Training")!.inside).toEqual([]);
  });

  it("leaves the other items as navigation.json has them", () => {
    expect(item("Products")).toEqual(navigation.find((n) => n.name === "Products"));
  });
});

describe("isCurrentSection", () => {
  it.each(menuSections)("underlines the section of %s: %s", (pathname, name) => {
    expect(menu.filter((i) => isCurrentSection(i, pathname)).map((i) => i.name)).toEqual([name]);
  });

  it("underlines nothing on the home page", () => {
    expect(menu.filter((i) => isCurrentSection(i, "/"))).toEqual([]);
  });
});
