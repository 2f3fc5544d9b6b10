import { mount } from 'svelte'
import './styles/app.css'
import App from './App.svelte'
import { connectBridge } from './lib/bridge'
import { AppState } from './state/app-state.svelte'

let state: AppState | undefined
const api = connectBridge((link) => {
  if (state) state.hostLink = link
})
state = new AppState(api)
mount(App, { target: document.getElementById('app') as HTMLElement, props: { app: state } })
void state.start()
