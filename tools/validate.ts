// `npm run validate`: tsx tools/validate.ts [--root DIR]. One line per problem on stdout, exit code 1 when there is any.
// Warnings (lines whose problem starts "warning: ", e.g. a filter no index serves) are printed the same way but do not
// fail the run: the OK line then counts them.
// The configuration is checked on its own first and reported; only then is the server built to check the API calls
// screens.json names, since a broken schema stops the server (and is already in the report by then).
import { runValidate } from './validate/cli.ts';

process.exitCode = await runValidate(process.argv.slice(2), console);
