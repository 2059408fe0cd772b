// The service's semantic version, read from package.json at build time.
import packageJson from "../../package.json" with { type: "json" };

export const SERVICE_VERSION: string = packageJson.version;
