// The widget's one lazy module: its props reader and its component arrive in one request.
export { readCookieNoticeProps as readProps } from './schema';
export { default } from './CookieNotice';
