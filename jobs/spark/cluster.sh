#!/usr/bin/env bash
# A local Spark standalone cluster on this machine: one master and two
# workers of one core each (the pyspark of .cache/spark-venv, see setup.sh).
#   jobs/spark/cluster.sh start    # prints the master URL
#   jobs/spark/cluster.sh stop
# WCE_SPARK_PIN=1 pins worker i (and its executors) to core i-1.
# Logs, pids and worker folders go to build/spark/. Ports: master 7077 (UI 8080), workers' UIs 8081, 8082.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
VENV="$ROOT/.cache/spark-venv"
WORKERS=2
CORES_PER_WORKER=1
MEMORY_PER_WORKER=2g
MASTER_HOST=127.0.0.1
MASTER_PORT=${WCE_SPARK_MASTER_PORT:-7077}
START_TIMEOUT_S=300  # JVM start-up is slow on a loaded machine

[ -x "$VENV/bin/python" ] || { echo "cluster.sh: run jobs/spark/setup.sh first" >&2; exit 2; }
SPARK_HOME="$("$VENV/bin/python" -c 'import os, pyspark; print(os.path.dirname(pyspark.__file__))')"
export SPARK_HOME
export PYSPARK_PYTHON="$VENV/bin/python"
export SPARK_LOG_DIR="$ROOT/build/spark/logs" SPARK_PID_DIR="$ROOT/build/spark/pids"
export SPARK_WORKER_DIR="$ROOT/build/spark/work" SPARK_LOCAL_DIRS="$ROOT/build/spark/tmp"
export SPARK_MASTER_HOST="$MASTER_HOST" SPARK_LOCAL_IP="$MASTER_HOST"
mkdir -p "$SPARK_LOG_DIR" "$SPARK_PID_DIR" "$SPARK_WORKER_DIR" "$SPARK_LOCAL_DIRS"
MASTER="spark://$MASTER_HOST:$MASTER_PORT"

# pyspark's wheel has sbin/spark-daemon.sh but not start-master.sh / start-worker.sh.
DAEMON="$SPARK_HOME/sbin/spark-daemon.sh"
MASTER_CLASS=org.apache.spark.deploy.master.Master
WORKER_CLASS=org.apache.spark.deploy.worker.Worker

case "${1:-}" in
  start)
    bash "${BASH_SOURCE[0]}" stop  # a cluster left running by an earlier start
    "$DAEMON" start $MASTER_CLASS 1 --host "$MASTER_HOST" --port "$MASTER_PORT" --webui-port 8080 >&2
    for i in $(seq 1 $WORKERS); do
      # WCE_SPARK_PIN=1: worker i and everything it starts (executor JVM, Python
      # workers) run on core i-1 only, so that one executor is one core (a
      # scaling measurement on a small machine; otherwise the executor's JVM
      # threads spread over every core).
      PIN=()
      [ "${WCE_SPARK_PIN:-0}" = 1 ] && PIN=(taskset -c $(( (i - 1) % $(nproc) )))
      "${PIN[@]}" "$DAEMON" start $WORKER_CLASS "$i" --host "$MASTER_HOST" --webui-port $((8080 + i)) \
        --cores $CORES_PER_WORKER --memory $MEMORY_PER_WORKER "$MASTER" >&2
    done
    # Wait until every worker has registered with the master.
    for _ in $(seq 1 $START_TIMEOUT_S); do
      n=$(cat "$SPARK_LOG_DIR"/*Master*.out 2>/dev/null | grep -c "Registering worker" || true)
      [ "$n" -ge "$WORKERS" ] && { echo "$MASTER"; exit 0; }
      sleep 1
    done
    echo "cluster.sh: the workers did not register within $START_TIMEOUT_S s; see $SPARK_LOG_DIR" >&2
    exit 1
    ;;
  stop)
    for i in $(seq 1 $WORKERS); do "$DAEMON" stop $WORKER_CLASS "$i" >/dev/null 2>&1 || true; done
    "$DAEMON" stop $MASTER_CLASS 1 >/dev/null 2>&1 || true
    ;;
  *)
    echo "usage: jobs/spark/cluster.sh start|stop" >&2
    exit 2
    ;;
esac
