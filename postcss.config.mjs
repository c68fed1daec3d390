// Tailwind CSS 4 through its PostCSS plugin (Next runs PostCSS for app/globals.css).
export default {
  plugins: {
    '@tailwindcss/postcss': {},
  },
};
