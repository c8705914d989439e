export * from './envelope.js';
export * from './primitives.js';
export * from './shapes.js';
export * from './socket.js';
export * from './system.js';
export * from './auth.js';
export * from './friends.js';
export * from './rooms.js';
