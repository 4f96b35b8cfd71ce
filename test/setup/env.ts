// Runs in every jest worker before each test file.
process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL ??= 'debug';
if (process.env.TEST_DATABASE_URL) process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
// Whole suites sign up and log in from 127.0.0.1: the per-IP and per-email limits are tested with
// their own low values where they are the subject.
process.env.PUBLIC_IP_LIMIT_PER_MINUTE ??= '1000000';
process.env.CREDENTIAL_IP_LIMIT_PER_MINUTE ??= '1000000';
process.env.LOGIN_EMAIL_MAX_FAILURES ??= '1000000';
