import { answer, failure } from './api';

type Issue = { path: string; message: string };

/**
 * Answers `method path` (under /v1) with a 400 VALIDATION envelope carrying `issues`, its message the first issue's
 * ("path: message"), and records what each request sent.
 */
export function answerIssues(
  method: Parameters<typeof answer>[0],
  path: string,
  issues: [Issue, ...Issue[]],
) {
  const [first] = issues;
  return answer(method, path, failure('VALIDATION', `${first.path}: ${first.message}`, { issues }), {
    status: 400,
  });
}
