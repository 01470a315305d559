/** The agent's version, sent with every call (kept equal to package.json by a test). */
export const AGENT_VERSION = '0.1.0';
