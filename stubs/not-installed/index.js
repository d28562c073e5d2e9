// An optional native add-on that is not installed: pg and ws try it inside try/catch and carry on without it.
throw Object.assign(new Error("This optional native add-on is not installed (stubs/not-installed)"), {
  code: "MODULE_NOT_FOUND",
});
