import type { GraphQLFieldResolver, GraphQLObjectType } from "graphql";
import { focusableTables } from "../lib/html";

interface ResolverContext {
  nodeModel: { getNodeById: (args: { id: string }) => unknown };
}

// Content nodes are children of MarkdownRemark; their html and excerpt are the parent's, rendered by
// gatsby-transformer-remark's own resolvers.
export const markdownHtmlResolver =
  (field: "html" | "excerpt"): GraphQLFieldResolver<{ parent: string }, ResolverContext> =>
  async (source, args, context, info) => {
    const parent = context.nodeModel.getNodeById({ id: source.parent });
    const type = info.schema.getType("MarkdownRemark") as GraphQLObjectType;
    const resolve = type.getFields()[field].resolve;
    if (!resolve) return "";
    const resolverArgs = field === "excerpt" ? { pruneLength: 160, format: "PLAIN" } : {};
    const value = await resolve(parent, resolverArgs, context, info);
    return field === "html" && typeof value === "string" ? focusableTables(value) : value;
  };
