// How the dashboard names the actor of rows an operator wrote with the `vault` command line
// (`user.*_by_operator`): no user or application acted. Plain module: server and client components share it.
export const OPERATOR_ACTOR = 'operator (vault CLI)';
