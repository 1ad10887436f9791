/** The project's `.gitignore`: what runs leave behind, installed packages and local secrets. */
export const gitignoreText = `# Checkpoints and the audit trail of \`orkeon run\` (.orkeon/state.db)
.orkeon/
# Packages, if the project installs any
node_modules/
# Keys belong in the environment (SVC_Llm__ApiKey), never in the repository
.env
.env.*
`;
