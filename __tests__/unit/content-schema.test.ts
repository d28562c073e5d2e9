import { Kind as GraphQLKind, parse, type ObjectTypeDefinitionNode } from "graphql";
import { z } from "zod";
import type { RuleContext, Schema } from "../../src/lib/content-fields";
import { jsonFiles, markdownKinds } from "../../src/lib/content-model";
import { contentTypeDefs } from "../../src/node/schema";

const ctx: RuleContext = { resolveFile: () => null, serviceGroups: ["any"] };
const types = new Map(
  parse(contentTypeDefs())
    .definitions.filter((d): d is ObjectTypeDefinitionNode => d.kind === GraphQLKind.OBJECT_TYPE_DEFINITION)
    .map((d) => [d.name.value, d]),
);
const declared: [string, Schema][] = [
  ...Object.values(markdownKinds).map((kind): [string, Schema] => [kind.type, kind.frontmatter(ctx)]),
  ...Object.entries(jsonFiles).map(([file, item]): [string, Schema] => [
    `${file[0].toUpperCase()}${file.slice(1, -".json".length)}Json`,
    item(ctx),
  ]),
];

describe("the GraphQL types of the content, from the content model", () => {
  it.each(declared)("gives %s every declared field, nullable only where the node may hold nothing", (name, schema) => {
    const type = types.get(name);
    expect(type?.directives?.map((d) => d.name.value)).toEqual(["dontInfer"]);
    for (const [field, value] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      const graphql = type?.fields?.find((f) => f.name.value === field);
      const leftOut = value.safeParse(null);
      const nullable = leftOut.success && leftOut.data === null;
      expect([field, graphql?.type.kind === GraphQLKind.NON_NULL_TYPE]).toEqual([field, !nullable]);
    }
  });

  it("keeps dates as Date with @dateformat, a post's cover as a File linked by its absolute path", () => {
    const field = (type: string, name: string) => types.get(type)?.fields?.find((f) => f.name.value === name);
    expect(field("BlogPost", "date")?.directives?.map((d) => d.name.value)).toEqual(["dateformat"]);
    expect(field("EventsJson", "date")?.directives?.map((d) => d.name.value)).toEqual(["dateformat"]);
    expect(field("BlogPost", "cover")?.directives?.map((d) => d.name.value)).toEqual(["link"]);
    expect(field("PartnersJson", "badge")?.directives?.map((d) => d.name.value)).toEqual(["fileByRelativePath"]);
  });
});
