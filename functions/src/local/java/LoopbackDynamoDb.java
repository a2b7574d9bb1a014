import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * Starts Amazon's DynamoDB Local listening on one address only (DynamoDB Local itself has no such option and
 * listens on every interface). Run as a single-file source program with the DynamoDB Local jar on the class path:
 * {@code java -cp DynamoDBLocal.jar:DynamoDBLocal_lib/* LoopbackDynamoDb.java <host> <DynamoDB Local arguments>}.
 */
public class LoopbackDynamoDb {
  public static void main(String[] args) throws Exception {
    String host = args[0];
    String[] rest = java.util.Arrays.copyOfRange(args, 1, args.length);
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(rest);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server jetty = (Server) field.get(proxy);
    for (Connector c : jetty.getConnectors()) {
      if (c instanceof ServerConnector) ((ServerConnector) c).setHost(host);
    }
    proxy.start();
    proxy.join();
  }
}
