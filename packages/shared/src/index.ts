export * from './appointment-status';
export * from './custom-link';
export * from './format';
export * from './public-config';
export * from './subscription';
export * from './time';
