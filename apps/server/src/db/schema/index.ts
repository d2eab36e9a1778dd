export * from './organizations';
export * from './users';
export * from './auth';
export * from './jobs';
export * from './templates';
export * from './applicants';
export * from './uploads';
export * from './records';
