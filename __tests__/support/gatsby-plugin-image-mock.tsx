import React from "react";

export const getImage = (data: unknown) => data;
export const GatsbyImage = ({ alt }: { alt: string }) => <img alt={alt} />;
