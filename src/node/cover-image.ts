import type { GraphQLFieldResolver, GraphQLObjectType } from "graphql";

interface FileNode {
  id: string;
  children: string[];
  internal: { contentDigest: string };
}

interface ResolverContext {
  nodeModel: {
    getNodeById: (args: { id: string }) => { internal: { type: string } } | null;
    findOne: (args: { type: string; query: { filter: object } }) => Promise<unknown>;
  };
}

// A post's cover is shown as the post's hero and as a card on the blog list, on each of its tags' pages and
// under related posts: the same picture at the same size, often ten times over. Making image data is the
// costliest part of a page query (gatsby-plugin-sharp hashes the file and queues its resize job on every call),
// so each worker makes it once per picture, size and content, and reuses it. It calls gatsby-transformer-sharp's
// resolver through the schema, an internal way, kept because it pays (measured on 2026-11-23, cold builds side
// by side, two each): +5,000 posts 82–86 s and 1.32–1.35 GB with it, 109–112 s and 1.56–1.65 GB without;
// +500 posts 37 s against 40 s.
const made = new Map<string, Promise<unknown>>();

/** Resolves a post's cover (an absolute path) to gatsbyImageData with fixed arguments, once per picture. */
export const coverImageResolver =
  (args: Record<string, unknown>): GraphQLFieldResolver<{ cover: string }, ResolverContext> =>
  async (source, _args, context, info) => {
    // a campaign without a hero picture has no cover
    if (!source.cover) return null;
    const file = (await context.nodeModel.findOne({
      type: "File",
      query: { filter: { absolutePath: { eq: source.cover } } },
    })) as FileNode | null;
    if (!file) return null;
    const key = `${file.id}\n${file.internal.contentDigest}\n${JSON.stringify(args)}`;
    let data = made.get(key);
    if (!data) {
      const image = file.children
        .map((id) => context.nodeModel.getNodeById({ id }))
        .find((node) => node?.internal.type === "ImageSharp");
      const field = (info.schema.getType("ImageSharp") as GraphQLObjectType).getFields().gatsbyImageData;
      // the arguments a query would get by default (layout, for one), then ours
      const defaults = Object.fromEntries(
        field.args.filter((a) => a.defaultValue !== undefined).map((a) => [a.name, a.defaultValue]),
      );
      data =
        image && field.resolve
          ? Promise.resolve(field.resolve(image, { ...defaults, ...args }, context, info))
          : Promise.resolve(null);
      made.set(key, data);
    }
    return data;
  };
