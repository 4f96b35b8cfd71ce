// Runs in every jest worker before each test file.
process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL ??= 'debug';
if (process.env.TEST_DATABASE_URL) process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
