import React from "react";
import type { IGatsbyImageData } from "gatsby-plugin-image";

interface Props {
  image: IGatsbyImageData;
  alt: string;
  className?: string;
  /** the largest image on first paint loads at once and first */
  priority?: boolean;
}

/**
 * A <picture> from gatsby-plugin-image's processed data (WebP and fallback sources, widths 640 to 3840).
 * It renders the same markup as GatsbyImage's static output without its browser runtime, which would add
 * about 28 KB of gzip JavaScript (it bundles react-dom/server) to every page with an image.
 */
export function ResponsiveImage({ image, alt, className, priority = false }: Props) {
  const { images, width, height, backgroundColor } = image;
  const hints: Record<string, string> = priority ? { fetchpriority: "high" } : {};
  return (
    <picture className={className}>
      {(images.sources ?? []).map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        src={images.fallback?.src}
        srcSet={images.fallback?.srcSet}
        sizes={images.fallback?.sizes}
        width={width}
        height={height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        style={{ display: "block", width: "100%", height: "auto", backgroundColor }}
        {...hints}
      />
    </picture>
  );
}
