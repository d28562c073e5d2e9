/** The 404 page's head. Gatsby builds the page as /404 and /404.html into one file, so its head names one
 * address whichever build wrote last; createPages draws its share image from the same title. */
export const NOT_FOUND_PAGE = {
  path: "/404",
  title: "Page not found",
  description: "The page you asked for does not exist on the Tidewell Consulting site.",
} as const;
