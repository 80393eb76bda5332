// Async boundary: the shared singletons are negotiated before any of our code runs.
void import('./bootstrap');
