// Creates the first `super` member of a real deployment:
//   npm run create-super -- --user-name ayse --display-name "Ayşe Yılmaz" [--email a@b.c]
// The password is read from BACKDESK_PASSWORD or asked for on the terminal (not echoed).
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/bootstrap/database.ts';
import { loadConfig } from '../src/config/config.ts';
import { createMembersService } from '../src/modules/settings/members/members.service.ts';

async function askHidden(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput.bind(rl);
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s) => {
    write(s.startsWith(question) ? s : '');
  };
  const answer = await new Promise<string>((resolve) => rl.question(question, resolve));
  rl.close();
  process.stdout.write('\n');
  return answer;
}

async function main() {
  const { values } = parseArgs({
    options: {
      'user-name': { type: 'string' },
      'display-name': { type: 'string' },
      email: { type: 'string' },
    },
  });
  const userName = values['user-name'];
  const displayName = values['display-name'] ?? userName;
  if (!userName || !displayName) {
    console.error(
      'usage: npm run create-super -- --user-name NAME [--display-name "Full Name"] [--email ADDRESS]',
    );
    process.exit(2);
  }
  const password =
    process.env.BACKDESK_PASSWORD ??
    (await askHidden('Password (12+ characters, not common, not containing your name): '));
  const database = await openDatabase(loadConfig(), (m) => console.log(m));
  try {
    const member = await createMembersService(database.db).createFirstSuper({
      userName,
      displayName,
      password,
      ...(values.email ? { email: values.email } : {}),
    });
    console.log(`Created super member "${member.userName}" (id ${member.id}).`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

void main();
