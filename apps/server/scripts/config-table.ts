// Prints the README's configuration table from the server's own list of variables.
import { configTableMarkdown } from '../src/config.ts'

console.log(configTableMarkdown())
